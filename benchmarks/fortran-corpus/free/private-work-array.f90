! race: no
! A private work array per iteration.
program private_work_array
  implicit none
  integer :: i, k
  real :: w(8), out(200)
  !$omp parallel do private(w, k)
  do i = 1, 200
    do k = 1, 8
      w(k) = i + k
    end do
    out(i) = sum(w)
  end do
  !$omp end parallel do
  print *, out(1)
end program
