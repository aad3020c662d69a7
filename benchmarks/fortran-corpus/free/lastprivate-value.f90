! race: no
! The last value comes out through lastprivate.
program lastprivate_value
  implicit none
  integer :: i, last
  integer :: w(300)
  w = 2
  !$omp parallel do lastprivate(last)
  do i = 1, 300
    last = w(i) + i
  end do
  !$omp end parallel do
  print *, last
end program
