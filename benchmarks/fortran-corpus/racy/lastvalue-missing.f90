! race: yes
! The last value of a shared scalar is read after the loop (lastprivate missing).
program lastvalue_missing
  implicit none
  integer :: i, last
  integer :: w(300)
  w = 7
  !$omp parallel do
  do i = 1, 300
    last = w(i) + i
  end do
  !$omp end parallel do
  print *, last
end program
